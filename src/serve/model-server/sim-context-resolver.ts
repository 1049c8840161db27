/**
 * Rebuilds the request tags a `sim:` policy needs from an HTTP request. The harness sends
 * the instance id, phase, turn and step as `x-decepeval-*` headers or `decepeval_*`
 * metadata (see src/models/request-tags.ts); a client that sends none still works when
 * the first user message identifies exactly one instance of the served dataset.
 */
import type { ChatMessage, ToolSpec } from "../../schemas/chat-message.js";
import type { Instance } from "../../schemas/instance.js";
import { metadataToTags, type TaggedRequest } from "../../models/request-tags.js";
import { HttpError } from "./openai-error.js";

export class SimContextResolver {
  private readonly byId = new Map<string, Instance>();
  private readonly byFirstUser = new Map<string, Instance[]>();

  constructor(instances: Instance[]) {
    for (const instance of instances) {
      this.byId.set(instance.id, instance);
      const first = instance.turns[0]!.user;
      const list = this.byFirstUser.get(first) ?? [];
      list.push(instance);
      this.byFirstUser.set(first, list);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  /** The tags for a request, or an HttpError (400) saying what the client must send. */
  resolve(options: { messages: ChatMessage[]; metadata?: Record<string, string> | null; tools: ToolSpec[] }): TaggedRequest {
    const meta = metadataToTags(options.metadata);
    const users = options.messages.filter((m) => m.role === "user");
    let instance: Instance | undefined;
    if (meta) {
      instance = this.byId.get(meta.instance);
      if (!instance) {
        throw new HttpError(400, `instance ${JSON.stringify(meta.instance)} is not in the dataset this server loaded (${this.size} instances)`, {
          param: "metadata.decepeval_instance_id",
          code: "unknown_instance",
        });
      }
    } else {
      instance = this.matchFirstUser(users[0]?.content);
    }
    const turn = meta?.turn ?? Math.max(0, Math.min(users.length - 1, instance.turns.length - 1));
    // Without metadata, the round's step is the number of assistant replies since the last user turn.
    let lastUser = -1;
    options.messages.forEach((m, i) => {
      if (m.role === "user") lastUser = i;
    });
    const step = meta?.step ?? options.messages.slice(lastUser + 1).filter((m) => m.role === "assistant").length;
    return {
      tags: { instance: instance.id, phase: meta?.phase ?? "task", turn, step },
      textTools: meta?.textTools ?? options.tools.length === 0,
    };
  }

  private matchFirstUser(text: string | undefined): Instance {
    const help =
      "a sim: model acts from the task instance: send the x-decepeval-instance-id header (decepeval's openai provider does) " +
      "or metadata.decepeval_instance_id, " +
      "or start the conversation with an instance's first user message";
    if (this.size === 0) throw new HttpError(400, `${help}; this server was started without --dataset`, { code: "no_dataset" });
    if (text === undefined) throw new HttpError(400, `${help}; the request has no user message`, { param: "messages" });
    let found = this.byFirstUser.get(text) ?? [];
    if (found.length === 0) {
      found = [];
      for (const [first, list] of this.byFirstUser) if (text.includes(first)) found.push(...list);
    }
    if (found.length === 1) return found[0]!;
    throw new HttpError(
      400,
      found.length === 0
        ? `${help}; no instance's first user message matches`
        : `${help}; the first user message matches ${found.length} instances (${found
            .slice(0, 3)
            .map((i) => i.id)
            .join(", ")}${found.length > 3 ? ", ..." : ""})`,
      { param: "messages", code: "unknown_instance" },
    );
  }
}
