/** A file input for one image (png, jpeg, webp, gif; 2 MiB, checked here as the server does). */
import { IMAGE_TYPES } from '@memoria/api';
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
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
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
      {error ? (
        <p id={`${id}-error`} role="alert" className={s.proposalStatus}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
