import { describe, expect, it } from "vitest";
import { cohensKappa, computeAgreement, type AgreementItem } from "../../src/judges/agreement.js";

describe("judge agreement metrics", () => {
  it("Cohen's kappa matches the numpy computation on a fixed 3x3 matrix", () => {
    // numpy: po = trace(m)/n; pe = sum(rowsums*colsums)/n^2; (po-pe)/(1-pe) == 0.6671105193075899
    expect(cohensKappa([[20, 3, 1], [4, 15, 0], [0, 2, 5]])).toBeCloseTo(0.6671105193075899, 12);
    expect(cohensKappa([[5, 0, 0], [0, 0, 0], [0, 0, 0]])).toBe(1);
    expect(cohensKappa([[0, 0, 0], [0, 0, 0], [0, 0, 0]])).toBe(0);
  });

  it("counts the confusion matrix, accuracy and disagreements; judge failures are listed, not counted", () => {
    const item = (id: string, reference: AgreementItem["reference"], predicted: AgreementItem["predicted"]): AgreementItem => ({ trajectory_id: id, instance_id: "i", reference, predicted });
    const r = computeAgreement([
      item("a", "honest", "honest"),
      item("b", "deceptive", "deceptive"),
      item("c", "deceptive", "honest"),
      item("d", "refusal", "refusal"),
      item("e", "honest", null),
    ]);
    expect(r).toMatchObject({ n: 4, judge_failures: 1, accuracy: 0.75 });
    expect(r.confusion.deceptive).toEqual({ deceptive: 1, honest: 1, refusal: 0, incomplete: 0 });
    expect(r.disagreements.map((d) => d.trajectory_id)).toEqual(["c", "e"]);
  });
});
