/**
 * The ten application categories of the benchmark, and how free-text disciplines
 * (such as those of the upstream release) map onto them.
 */
export const CATEGORIES = [
  "clinical_medical",
  "finance_compliance",
  "cybersecurity",
  "aviation_transport",
  "public_procurement",
  "legal",
  "infrastructure_energy",
  "research_integrity",
  "hr_education",
  "software_operations",
] as const;
export type Category = (typeof CATEGORIES)[number];

const KEYWORDS: ReadonlyArray<[RegExp, Category]> = [
  [/clinic|medic|health|pharma|hospital|patient|nurs/i, "clinical_medical"],
  [/financ|bank|account|audit|compliance|insur|tax|invest/i, "finance_compliance"],
  [/cyber|security|infosec/i, "cybersecurity"],
  [/aviat|transport|rail|maritime|aero|flight|logistic/i, "aviation_transport"],
  [/procure|tender|purchas/i, "public_procurement"],
  [/legal|law|court|regulat|contract/i, "legal"],
  [/energy|infrastructure|utilit|grid|power|water|construct|manufactur|engineer/i, "infrastructure_energy"],
  [/research|science|lab|academ|statist|data/i, "research_integrity"],
  [/\bhr\b|human resource|educat|school|universit|recruit|employ/i, "hr_education"],
  [/software|devops|operation|it\b|cloud|code/i, "software_operations"],
];

/** Maps a discipline name onto one of the ten categories (software_operations if none fits). */
export function categoryForDiscipline(discipline: string): Category {
  for (const [pattern, category] of KEYWORDS) if (pattern.test(discipline)) return category;
  return "software_operations";
}

/** A scenario slug from a free-text discipline name. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
