import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../http';
import { refusalText } from '../refusal';
import { toast } from '../toast';

/** Where a refusal with a given code belongs in a form, and what it says there. */
export interface FieldRefusal<TForm extends FieldValues> {
  field: Path<TForm>;
  /** i18n key (with namespace) of the text shown on the field. */
  message: string;
  /** Follow the text with the server's detail (why a decoder script does not compile, say). */
  detail?: boolean;
}

/** Per form: response codes that belong to a field, e.g. `{ [C.APP_EXISTS]: { field: 'appName', message } }`. */
export type RefusalTable<TForm extends FieldValues> = Partial<Record<number, FieldRefusal<TForm>>>;

export interface SubmitFlow<TForm extends FieldValues, TBody, R> {
  /** The call (a mutation) that sends the checked body. */
  submit: (body: TBody) => Promise<R>;
  /** Toast text on success. */
  success: string | ((result: R) => string);
  codes?: RefusalTable<TForm>;
  /** Anything else a form does with a refused call (a list of refused rows, say). */
  onRefused?: (error: ApiError) => void;
  /** After the success toast (FormDialog closes here). */
  onDone?: (result: R) => void;
}

/** The server's detail: the envelope's message reads "<code text>: <field> (<detail>)". */
export const refusalDetail = (e: ApiError): string | undefined => /\((.*)\)$/s.exec(e.envelope?.msg ?? '')?.[1];

/** True when `path` names a value the form holds (an envelope's `field` may name any part of the body). */
function holds<TForm extends FieldValues>(values: TForm, path: string): path is Path<TForm> {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The submit flow of every form: check the values with the schema, send the body, on success
 * toast and go on; on a refused call show it on its field (the form's code table first, then the
 * envelope's `field`) and as a toast.
 */
export function useFormSubmit<TForm extends FieldValues, TBody, R>(
  form: UseFormReturn<TForm, unknown, TBody>,
  flow: SubmitFlow<TForm, TBody, R>,
) {
  const { t } = useTranslation();
  return form.handleSubmit(async (body) => {
    try {
      const result = await flow.submit(body);
      toast.success(typeof flow.success === 'function' ? flow.success(result) : flow.success);
      flow.onDone?.(result);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const entry = flow.codes?.[e.code];
      // A code-table entry holds unless the server names another field.
      if (entry && (!e.field || e.field === entry.field)) {
        const detail = entry.detail ? refusalDetail(e) : undefined;
        form.setError(entry.field, {
          type: 'server',
          message: detail ? `${t(entry.message)}: ${detail}` : t(entry.message),
        });
      } else if (e.field && holds(form.getValues(), e.field)) {
        form.setError(e.field, { type: 'server', message: refusalText({ code: e.code, msg: e.envelope?.msg }) });
      }
      flow.onRefused?.(e);
      toast.error(e.message);
    }
  });
}
