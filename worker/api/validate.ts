// valibot validators for every kind of input (JSON body, path parameters, query) that answer bad input with a typed
// 400 {error: "BAD_REQUEST", message: "<where>: <what>"} instead of Hono's default text.
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

export const vJson = vTarget("json", "body");
export const vParam = vTarget("param", "path");
export const vQuery = vTarget("query", "query");
