import type { ChatModel } from "../../models/chat-model.js";

/** One model name the server answers to. */
export interface ServedModel {
  /** The name clients put in `model`. */
  id: string;
  model: ChatModel;
  /** For a LoRA adapter: the base model's name (listed as `parent`, as vLLM does). */
  parent?: string;
}
