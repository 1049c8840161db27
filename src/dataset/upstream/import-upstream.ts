export interface ImportSummary { imported: number; pairs: number; skipped: number; warnings: string[]; errors: string[]; absent_workspace_files: number }
export async function importUpstream(_o: { dir: string; out: string; split: "train" | "heldout" }): Promise<ImportSummary> {
  throw new Error("importer is being written");
}
