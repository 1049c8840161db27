/**
 * `sim:<policy>[+text]`: the simulated agents, registered like any other provider. The
 * simulator loads only when a sim model is built.
 */
import { z } from "zod";
import { defineProvider } from "../model-provider.js";

const TEXT_SUFFIX = "+text";

export const simProvider = defineProvider({
  name: "sim",
  refForm: "sim:<policy>[+text]",
  parseRef: (rest, ref) => ({ ref, provider: "sim", name: rest }),
  // A sim takes no settings. It ignores the options a recipe keeps for the real model it
  // stands in for (`--model sim:honest` over an openai recipe), as it always has.
  options: z.object({}).passthrough(),
  async create(ref, _options, context) {
    const { SimChatModel } = await import("./sim-chat-model.js");
    const textTools = ref.name.endsWith(TEXT_SUFFIX);
    return new SimChatModel({
      policy: textTools ? ref.name.slice(0, -TEXT_SUFFIX.length) : ref.name,
      textTools,
      instances: context.instances,
    });
  },
});
