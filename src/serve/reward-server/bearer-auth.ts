/**
 * The bearer-token check. Both sides are hashed first and compared with
 * crypto.timingSafeEqual, so the time taken says nothing about how much of a guess was
 * right (nor its length). An empty token is refused outright: it must never mean "no auth".
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** Returns a check of an `Authorization` header against `Bearer <token>`. */
export function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  if (token.length === 0) throw new Error("the auth token is empty: an empty token would turn authentication off");
  const want = createHash("sha256").update(`Bearer ${token}`).digest();
  return (authorization) => timingSafeEqual(createHash("sha256").update(authorization ?? "").digest(), want);
}
