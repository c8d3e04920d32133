// A valibot validator for JSON bodies that answers bad input with a typed 400 instead of Hono's default text.
import { validator } from "hono/validator";
import * as v from "valibot";

export function vJson<S extends v.GenericSchema>(schema: S) {
  return validator("json", (value, c) => {
    const parsed = v.safeParse(schema, value);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const path = issue.path?.map((p) => String(p.key)).join(".") || "body";
      return c.json({ error: "BAD_REQUEST", message: `${path}: ${issue.message}` }, 400);
    }
    return parsed.output as v.InferOutput<S>;
  });
}
