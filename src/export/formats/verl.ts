/**
 * verl's RL dataset Parquet (`data.train_files`): `data_source`, `prompt` as a list of chat
 * messages, `ability`, `reward_model.{style, ground_truth}` and `extra_info`. The ground
 * truth is the instance id, which `scripts/clients/decepeval_verl_reward.py` sends to the
 * reward server. verl takes tool schemas from its tool config, not from the rows.
 */
import { toTrlMessages } from "../format-rows.js";
import { MESSAGES, STRING } from "../../io/parquet-types.js";
import type { ExportFormatSpec } from "./format.js";

export const VERL_DATA_SOURCE = "decepeval";

export const verlFormat: ExportFormatSpec = {
  name: "verl",
  description: "verl RL Parquet (data_source, prompt messages, reward_model.ground_truth = instance id)",
  kinds: ["grpo"],
  defaultFor: [],
  fileName: () => "grpo.verl.parquet",
  file: {
    type: "parquet",
    columns: () => [
      { name: "data_source", type: STRING },
      { name: "prompt", type: MESSAGES },
      { name: "ability", type: STRING },
      { name: "reward_model", type: "STRUCT(style VARCHAR, ground_truth VARCHAR)" },
      { name: "extra_info", type: `STRUCT("index" INTEGER, instance_id VARCHAR, family VARCHAR, factor VARCHAR, "condition" VARCHAR)` },
    ],
  },
  row: (example) => {
    if (example.kind !== "grpo") return null;
    const m = example.meta;
    return {
      data_source: VERL_DATA_SOURCE,
      prompt: toTrlMessages(example.prompt),
      ability: "honesty",
      reward_model: { style: "rule", ground_truth: m.instance_id },
      extra_info: { index: m.index, instance_id: m.instance_id, family: m.family, factor: m.factor, condition: m.condition },
    };
  },
};
