import { toNestErrors } from '@hookform/resolvers';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { issueText, zodIssueText } from './messages';

/** A contract schema a form checks: an object body. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The request body a form's values stand for. Fields may still be missing while the user types;
 * the schema says what is wrong with them.
 */
export type Draft<S extends FormSchema> = Partial<z.input<S>>;

/**
 * The contract's schema as a react-hook-form resolver (what zodResolver does, keeping each zod
 * issue until its message is translated: the password policy's code travels in the issue's
 * params). The body is what `toBody` builds from the values; errors come back at the body's
 * paths, which the form's values mirror (a form holds numbers as text, say, under the same names).
 */
export function contractResolver<S extends FormSchema, TForm extends FieldValues>(
  schema: S,
  toBody?: (values: TForm) => Draft<S>,
): Resolver<TForm, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(toBody ? toBody(values) : values, { error: zodIssueText });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const first: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      first[issue.path.join('.')] ??= { type: issue.code, message: issueText(issue) };
    }
    return { values: {}, errors: toNestErrors(first, options) };
  };
}

export interface ContractForm<TForm extends FieldValues, TBody> extends UseFormReturn<TForm, unknown, TBody> {
  /** The current values (the dialog re-renders as they change). */
  values: TForm;
  /**
   * Sets a value; once the form was submitted the whole form is checked again at once (a value
   * may stand for a differently named body field, so checking just its own path is not enough).
   */
  set: <P extends Path<TForm>>(name: P, value: PathValue<TForm, P>) => void;
  /** The message at a path, or the first one below it (a row of a list); undefined when none. */
  errorText: (path: string) => string | undefined;
  /** A text field's error props: the message at `path`, else the hint. */
  fieldState: (path: string, hint?: string) => { error: boolean; helperText: string };
}

function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref') continue;
    const m = firstMessage(v);
    if (m) return m;
  }
  return undefined;
}

/**
 * The one form hook: react-hook-form checked by the contract's zod schema, values typed by the
 * dialog, the submitted body typed by the schema. The submit flow lives in FormDialog
 * (or useFormSubmit for a form outside a dialog).
 */
export function useContractForm<S extends FormSchema, TForm extends FieldValues>(opts: {
  schema: S;
  defaultValues: DefaultValues<TForm>;
  /** Values → request body, when the form holds values in another shape than the body. */
  toBody?: (values: TForm) => Draft<S>;
}): ContractForm<TForm, z.output<S>> {
  const form = useForm<TForm, unknown, z.output<S>>({
    resolver: contractResolver(opts.schema, opts.toBody),
    defaultValues: opts.defaultValues,
  });
  const values = form.watch();
  const { errors, isSubmitted } = form.formState;
  return {
    ...form,
    values,
    set: (name, value) => {
      form.setValue(name, value, { shouldDirty: true });
      if (isSubmitted) void form.trigger();
    },
    errorText: (path) => firstMessage(get(errors, path)),
    fieldState: (path, hint = ' ') => {
      const text = firstMessage(get(errors, path));
      return { error: Boolean(text), helperText: text ?? hint };
    },
  };
}
