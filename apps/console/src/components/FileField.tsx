import type { FieldValues, Path } from 'react-hook-form';
import type { ContractForm } from '../lib/form/useContractForm';
import { FileUpload, type FileUploadProps } from './FileUpload';

/** What a form keeps of its uploaded file beside the file store's reference. */
export interface FileValues extends FieldValues {
  fileName: string;
  /** Undefined when unknown (the stored file of a row being changed). */
  fileSize?: number;
}

export interface FileFieldProps<F extends FileValues>
  extends Omit<FileUploadProps, 'value' | 'onUploaded' | 'onRemove'> {
  form: Pick<ContractForm<F, unknown>, 'values' | 'set' | 'errorText'>;
  /** The form value holding the file store's reference ('' until a file is stored). */
  field: Path<F>;
}

/**
 * A dialog's file: the upload widget kept in step with the form's reference, name and size. A
 * file chosen anew clears the reference until it is stored; `error` is shown before the field's own.
 */
export function FileField<F extends FileValues>({ form, field, onRead, error, ...upload }: FileFieldProps<F>) {
  // The reference's name is the dialog's, so the paths are not known to the types here.
  const set = form.set as (name: string, value: string | number) => void;
  const values = form.values as FileValues;
  return (
    <FileUpload
      {...upload}
      value={values[field] ? { fileName: values.fileName, size: values.fileSize } : null}
      error={error ?? form.errorText(field)}
      onRead={(file, bytes) => {
        set(field, '');
        onRead?.(file, bytes);
      }}
      onUploaded={({ stored, file }) => {
        set('fileName', file.name);
        set('fileSize', stored.size);
        set(field, stored.fileUrl);
      }}
      onRemove={() => {
        set(field, '');
        set('fileName', '');
        set('fileSize', 0);
      }}
    />
  );
}
