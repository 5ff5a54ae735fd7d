/**
 * A file input for one image or several (png, jpeg, webp, gif; 2 MiB, checked here as the server
 * does). The browser's own control (and its "No file chosen") is visually hidden; a label styled
 * as a button opens it and shows its focus ring, and the attached files list says what is picked.
 */
import { IMAGE_TYPES } from '@memoria/api';
import { PlusIcon } from '@memoria/ui';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import * as s from './decks.css.ts';
import { type AttachedFile, toAttachedFile } from './files.ts';
import { validateImageFile } from './validation.ts';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export function ImagePicker({
  label,
  multiple = false,
  onPicked,
}: {
  label: string;
  multiple?: boolean;
  onPicked: (files: AttachedFile[]) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={s.fileInputLabel}>
      <span id={`${id}-label`}>{label}</span>
      <input
        id={id}
        className={s.fileInput}
        aria-labelledby={`${id}-label ${id}-choose`}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={async (event) => {
          const input = event.currentTarget;
          const files = [...(input.files ?? [])];
          input.value = '';
          const accepted: AttachedFile[] = [];
          let firstError: string | null = null;
          for (const file of files) {
            const invalid = validateImageFile(file);
            if (invalid) {
              firstError ??= intl.formatMessage({ id: invalid }, { name: file.name });
              continue;
            }
            accepted.push(await toAttachedFile(file, 'upload'));
          }
          setError(firstError);
          if (accepted.length > 0) onPicked(accepted);
        }}
      />
      <label htmlFor={id} id={`${id}-choose`} className={s.filePicker}>
        <PlusIcon size={18} />
        {intl.formatMessage({ id: multiple ? 'decks.file.chooseMany' : 'decks.file.choose' })}
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={s.proposalStatus}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
