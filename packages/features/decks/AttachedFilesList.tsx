/** The images chosen or captured for generation, each with a remove button (spec §2). */
import { CloseIcon, IconButton } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './decks.css.ts';
import { type AttachedFile, fileSizeParts } from './files.ts';

export function AttachedFilesList({
  files,
  onRemove,
  disabled = false,
}: {
  files: AttachedFile[];
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="attached-files-title" className={s.form}>
      <h3 id="attached-files-title" className={s.note}>
        <FormattedMessage id="decks.files.title" values={{ count: files.length }} />
      </h3>
      <ul className={s.fileList}>
        {files.map((file) => {
          const size = fileSizeParts(file.size);
          return (
            <li key={file.id} className={s.fileItem}>
              <img className={s.fileThumb} src={file.dataUrl} alt="" />
              <span className={s.fileName}>
                <span>{file.name}</span>
                <span className={s.countLabel}>
                  <FormattedMessage
                    id={file.source === 'camera' ? 'decks.files.camera' : 'decks.files.upload'}
                    values={{
                      size: intl.formatNumber(size.value, {
                        style: 'unit',
                        unit: size.unit,
                        unitDisplay: 'short',
                      }),
                    }}
                  />
                </span>
              </span>
              <IconButton
                size="sm"
                disabled={disabled}
                aria-label={intl.formatMessage({ id: 'decks.files.remove' }, { name: file.name })}
                onClick={() => onRemove(file.id)}
              >
                <CloseIcon />
              </IconButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
