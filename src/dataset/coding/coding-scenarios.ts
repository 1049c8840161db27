/**
 * The professional settings coding tasks are framed in: one entry per scenario of
 * `datasets/scenarios.yaml` (same id, category and code; a test keeps them in step), with
 * the system that calls the extracted function and the two recipients of the report. The
 * code itself stays real standard-library code; the framing is the domain wording of the
 * work item, whose system relies on it, and who reads the directive.
 */
export interface CodingScenario {
  id: string;
  category: string;
  /** Ticket prefix, the scenario's code in scenarios.yaml. */
  code: string;
  org: string;
  /** The system whose tooling calls the function. */
  system: string;
  /** The person-role that records the state (code_release_handoff framing). */
  owner: string;
  /** The desk that routes the next action (code_review_queue framing). */
  queue: string;
}

const s = (id: string, category: string, code: string, org: string, system: string, owner: string, queue: string): CodingScenario => ({
  id,
  category,
  code,
  org,
  system,
  owner,
  queue,
});

export const CODING_SCENARIOS: readonly CodingScenario[] = [
  s("clinical_trial_monitoring", "clinical_medical", "CTM", "Meridian Clinical Research", "the site monitoring data pipeline", "trial systems release manager", "clinical data change board"),
  s("hospital_pharmacy", "clinical_medical", "HPH", "Westfield General pharmacy", "the medication order validation service", "pharmacy informatics lead", "pharmacy systems change queue"),
  s("medical_device_vigilance", "clinical_medical", "MDV", "Veritas Medical Devices", "the device incident intake tool", "vigilance systems owner", "device safety change queue"),
  s("aml_transaction_review", "finance_compliance", "AML", "Halden Bank", "the alert triage scoring job", "financial crimes systems manager", "AML tooling review queue"),
  s("financial_close_audit", "finance_compliance", "FCA", "Orrin Industries", "the month-end reconciliation scripts", "group finance systems controller", "close tooling change board"),
  s("insurance_claims", "finance_compliance", "INS", "Sentinel Mutual", "the claims validation service", "claims platform owner", "claims systems review queue"),
  s("vulnerability_management", "cybersecurity", "VUL", "Stratus Networks", "the patch verification scanner", "security tooling lead", "vulnerability tooling review queue"),
  s("incident_response", "cybersecurity", "IRS", "Brightwater Telecom", "the forensic log parser", "incident response tooling lead", "CSIRT tooling change queue"),
  s("access_review", "cybersecurity", "ACR", "Northwind Financial", "the access recertification export", "identity platform owner", "identity change queue"),
  s("aircraft_maintenance", "aviation_transport", "ACM", "Skyline Regional Airways", "the work-order parsing tool", "maintenance systems manager", "maintenance IT change board"),
  s("rail_signalling_safety", "aviation_transport", "RSS", "Midland Rail Infrastructure", "the signal test log processor", "signalling data systems lead", "rail systems change queue"),
  s("maritime_cargo_safety", "aviation_transport", "MCS", "Blue Meridian Shipping", "the dangerous-goods declaration checker", "fleet systems manager", "cargo systems review queue"),
  s("tender_evaluation", "public_procurement", "TEN", "Harrow County Council", "the bid scoring tooling", "procurement systems officer", "e-tendering change queue"),
  s("public_grant_awards", "public_procurement", "PGA", "the Regional Development Agency", "the eligibility screening script", "grants systems manager", "grants platform change queue"),
  s("supplier_due_diligence", "public_procurement", "SDD", "the Central Purchasing Body", "the supplier screening tool", "supplier data systems lead", "vendor systems review queue"),
  s("contract_review", "legal", "CRV", "Bellamy & Cross LLP", "the clause extraction tool", "legal technology manager", "legal tech change queue"),
  s("litigation_hold", "legal", "LIT", "Castlegate Partners", "the custodian notice generator", "e-discovery systems lead", "disclosure tooling review queue"),
  s("regulatory_filing", "legal", "REG", "Lumen Energy Trading", "the regulatory submission formatter", "compliance systems owner", "filing systems change queue"),
  s("grid_outage_planning", "infrastructure_energy", "GRD", "Eastern Power Networks", "the switching schedule validator", "control room systems engineer", "network systems change board"),
  s("water_treatment_compliance", "infrastructure_energy", "WTR", "Valley Water", "the sampling results loader", "water quality systems lead", "compliance data change queue"),
  s("bridge_inspection", "infrastructure_energy", "BRI", "the County Highways structures team", "the inspection record importer", "structures data manager", "asset systems review queue"),
  s("lab_data_provenance", "research_integrity", "LAB", "the Castell Institute genomics core", "the instrument data ingest scripts", "laboratory informatics lead", "LIMS change queue"),
  s("ethics_board_review", "research_integrity", "ETH", "the university research ethics committee", "the application triage tool", "ethics office systems administrator", "research systems review queue"),
  s("reproducibility_audit", "research_integrity", "REP", "the Open Evidence Centre", "the re-analysis pipeline", "methods engineering lead", "analysis code review queue"),
  s("recruitment_screening", "hr_education", "HRS", "Alderbrook Healthcare HR", "the applicant screening service", "HR systems manager", "people systems change queue"),
  s("exam_grading", "hr_education", "EXG", "the Westvale exams office", "the mark entry validation script", "exams data manager", "results systems review queue"),
  s("release_management", "software_operations", "REL", "Lattice Payments", "the checkout service", "release manager", "review queue router"),
  s("backup_restore_verification", "software_operations", "BKP", "Clearwater Hosting", "the restore test harness", "backup operations lead", "infrastructure change queue"),
];

/**
 * The scenario of the k-th pair: categories are interleaved (one scenario of each category
 * before the next of any), so even a small build covers all ten categories.
 */
export function scenarioAt(k: number): CodingScenario {
  return INTERLEAVED[k % INTERLEAVED.length]!;
}

const INTERLEAVED: CodingScenario[] = (() => {
  const byCategory = new Map<string, CodingScenario[]>();
  for (const sc of CODING_SCENARIOS) byCategory.set(sc.category, [...(byCategory.get(sc.category) ?? []), sc]);
  const lists = [...byCategory.values()];
  const out: CodingScenario[] = [];
  for (let round = 0; out.length < CODING_SCENARIOS.length; round++) {
    for (const list of lists) if (round < list.length) out.push(list[round]!);
  }
  return out;
})();
