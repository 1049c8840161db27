/**
 * Which shard of an n-way split a work unit belongs to: a hash of its key, so any process
 * (a shard runner, `decepeval merge` checking membership) computes it alone and alike.
 */
import { hash32 } from "../seeded-random.js";
import type { Shard } from "../schemas/rollout-settings.js";

/** The 0-based shard of `count` that the unit with key `key` belongs to. */
export function shardOf(key: string, count: number): number {
  return hash32(key) % count;
}

/** Deterministic slice `shard.index` of `shard.count`, for sharded runs. */
export function shardUnits<T extends { key: string }>(units: T[], shard: Shard): T[] {
  return units.filter((u) => shardOf(u.key, shard.count) === shard.index);
}
