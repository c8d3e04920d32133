// valibot validators for every kind of input (JSON body, path parameters, query) that answer bad input with a typed
// 400 {error: "BAD_REQUEST", message: "<where>: <what>"} instead of Hono's default text (and a body that is not JSON with 415).
import type { Context, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { describeIssue } from "../../shared/util.js";

function badRequest(c: Context, where: string, issues: v.BaseIssue<unknown>[]) {
  const { path, message } = describeIssue(issues, where);
  return c.json({ error: "BAD_REQUEST" as const, message: `${path}: ${message}` }, 400);
}

function vTarget<T extends keyof ValidationTargets>(target: T, where: string) {
  return <S extends v.GenericSchema>(schema: S) =>
    validator(target, (value, c) => {
      const parsed = v.safeParse(schema, value);
      if (!parsed.success) return badRequest(c, where, parsed.issues);
      return parsed.output as v.InferOutput<S>;
    });
}

/** application/json, with parameters (`; charset=utf-8`) and in any case. */
const JSON_TYPE = /^application\/json\s*(;.*)?$/i;

/**
 * A JSON body. Hono's validator reads a body with another content type as {} (and a strict schema then reports
 * missing fields); a body that does not say it is JSON is refused with 415 instead.
 */
export const vJson = <S extends v.GenericSchema>(schema: S) =>
  validator("json", (value, c) => {
    if (!JSON_TYPE.test(c.req.header("content-type")?.trim() ?? "")) {
      return c.json({ error: "UNSUPPORTED_MEDIA_TYPE" as const, message: "content-type must be application/json" }, 415);
    }
    const parsed = v.safeParse(schema, value);
    if (!parsed.success) return badRequest(c, "body", parsed.issues);
    return parsed.output as v.InferOutput<S>;
  });

export const vParam = vTarget("param", "path");
export const vQuery = vTarget("query", "query");
