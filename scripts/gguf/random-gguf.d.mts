/** Types for random-gguf.mjs (plain JS run by node after `npm run build`, like the benchmarks). */
export interface ModelShape {
  nVocab: number;
  nEmbd: number;
  nLayer: number;
  nHead: number;
  nHeadKv: number;
  nFf: number;
  nCtx: number;
  dtype: "f32" | "f16";
}
export declare const PRESETS: Record<"tiny" | "135m", ModelShape>;
export interface RandomModelOptions extends Partial<ModelShape> {
  path: string;
  preset?: "tiny" | "135m";
  seed?: number;
}
export declare function writeRandomModel(options: RandomModelOptions): ModelShape & RandomModelOptions;
export declare function writeRandomLora(options: RandomModelOptions & { rank?: number; alpha?: number }): { rank: number };
