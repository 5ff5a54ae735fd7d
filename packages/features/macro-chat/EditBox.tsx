/** The edit box of one of the learner's messages in a macro-image chat (`Conversation`). */
import { MACRO_MESSAGE_MAX } from '@memoria/api';
import { Button, TextArea } from '@memoria/ui';
import { type KeyboardEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadError } from './ChatList.tsx';
import * as s from './macro.css.ts';

/** What an open edit box holds: the text so far, and why its last save failed (with Retry). */
export interface EditState {
  draft: string;
  error?: unknown;
}

/**
 * One of the learner's messages being edited: Enter or Save sends the new text (its reply then
 * streams in place of the replies after it), Escape or Cancel leaves it as it was.
 */
export function EditBox({
  edit,
  busy,
  onSave,
  onCancel,
}: {
  edit: EditState;
  busy: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [content, setContent] = useState(edit.draft);
  const save = () => {
    if (content.trim() && !busy) onSave(content);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') onCancel();
  };
  return (
    <div className={s.composer}>
      <TextArea
        label={intl.formatMessage({ id: 'macroImages.edit.label' })}
        value={content}
        maxLength={MACRO_MESSAGE_MAX}
        autoFocus
        rows={3}
        onKeyDown={onKey}
        onChange={(e) => setContent(e.target.value)}
      />
      {edit.error ? <LoadError error={edit.error} onRetry={save} /> : null}
      <div className={s.actions}>
        <Button size="sm" onClick={save} disabled={busy || !content.trim()}>
          <FormattedMessage id="macroImages.save" />
        </Button>
        <Button size="sm" variant="text" onClick={onCancel}>
          <FormattedMessage id="macroImages.cancel" />
        </Button>
      </div>
    </div>
  );
}
