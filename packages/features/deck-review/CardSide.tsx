/**
 * One side of the card under review, from its `front_html`/`back_html`: formatted text, math,
 * sounds and speech through `RichContent`, and what the review draws itself (`sideSegments.ts`):
 * the type-in box (front) and its diff (back), and an image occlusion with its masks.
 */
import { type DiffSegment, typeInDiff } from '@memoria/api';
import { type ResolveSrc, RichContent, useResolvedSrc } from '@memoria/ui';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './review.css.ts';
import { type OcclusionShape, type SideSegment, splitSide } from './sideSegments.ts';

export type ResolveMediaUrl = ResolveSrc;

/** What the type-in card's box holds, and what Enter in it does. */
export interface TypedAnswer {
  value: string;
  onChange(value: string): void;
  /** Enter in the box: reveal the answer. */
  onSubmit(): void;
}

export interface CardSideProps {
  html: string;
  side: 'front' | 'back';
  typed: TypedAnswer;
  /** Leave the side's image occlusions out (the answer shows the same image, revealed). */
  withoutOcclusion?: boolean;
  /** Leave the answer box out (the answer shows the diff). */
  withoutAnswerBox?: boolean;
  /** Play the side's sounds and speech when it shows. */
  autoPlay: boolean;
  /** Speak `{{tts}}` (off shows the text). */
  speech: boolean;
  /** R replays this side's sounds (only one side on screen listens). */
  replayKey: boolean;
  resolveMediaUrl: ResolveMediaUrl;
}

export function CardSide({
  html,
  side,
  typed,
  withoutOcclusion = false,
  withoutAnswerBox = false,
  autoPlay,
  speech,
  replayKey,
  resolveMediaUrl,
}: CardSideProps) {
  const segments = useMemo(() => splitSide(html), [html]);
  // One RichContent plays and replays: the first piece with sounds (two would talk at once).
  const playing = segments.findIndex((segment) => segment.kind === 'html' && segment.players);
  return (
    <div className={s.richSide} data-side={side}>
      {segments.map((segment, index) => (
        <Segment
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed side, in order.
          key={index}
          segment={segment}
          typed={typed}
          withoutOcclusion={withoutOcclusion}
          withoutAnswerBox={withoutAnswerBox}
          autoPlay={autoPlay && index === playing}
          replayKey={replayKey && index === playing}
          speech={speech}
          resolveMediaUrl={resolveMediaUrl}
        />
      ))}
    </div>
  );
}

function Segment({
  segment,
  typed,
  withoutOcclusion,
  withoutAnswerBox,
  autoPlay,
  replayKey,
  speech,
  resolveMediaUrl,
}: {
  segment: SideSegment;
  typed: TypedAnswer;
  withoutOcclusion: boolean;
  withoutAnswerBox: boolean;
  autoPlay: boolean;
  replayKey: boolean;
  speech: boolean;
  resolveMediaUrl: ResolveMediaUrl;
}) {
  switch (segment.kind) {
    case 'html':
      return (
        <RichContent
          html={segment.html}
          autoPlay={autoPlay}
          replayKey={replayKey}
          speech={speech}
          resolveMediaUrl={resolveMediaUrl}
        />
      );
    case 'typeAnswer':
      if (segment.expected === null) {
        return withoutAnswerBox ? null : <AnswerBox typed={typed} />;
      }
      return <AnswerDiff expected={segment.expected} typed={typed.value} />;
    case 'occlusion':
      return withoutOcclusion ? null : (
        <Occlusion segment={segment} resolveMediaUrl={resolveMediaUrl} />
      );
  }
}

/** The type-in card's box: focused when the card shows, Enter reveals (no rating key fires here). */
function AnswerBox({ typed }: { typed: TypedAnswer }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    // As the card takes focus when it shows: only from the page or the card, never from elsewhere.
    if (!active || active === document.body || active.closest('article[data-card-id]')) {
      input.current?.focus({ preventScroll: true });
    }
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      typed.onSubmit();
    }
  };
  return (
    <input
      ref={input}
      className={s.answerBox}
      type="text"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      aria-label={intl.formatMessage({ id: 'deckReview.typeIn.label' })}
      placeholder={intl.formatMessage({ id: 'deckReview.typeIn.placeholder' })}
      value={typed.value}
      onChange={(event) => typed.onChange(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

const DIFF_CLASS: Record<DiffSegment['kind'], string> = {
  ok: s.diffOk,
  extra: s.diffExtra,
  missing: s.diffMissing,
};

function DiffLine({ segments }: { segments: DiffSegment[] }) {
  return (
    <code className={s.diffLine}>
      {segments.map((segment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed diff, in order.
        <span key={index} className={DIFF_CLASS[segment.kind]} data-diff={segment.kind}>
          {segment.text}
        </span>
      ))}
    </code>
  );
}

/**
 * The typed answer against the expected one, as Anki shows it: the typed line (right characters,
 * wrong ones struck through) and, unless it was right, an arrow and the expected line (the
 * characters not typed underlined). Nothing typed shows only the expected answer.
 */
function AnswerDiff({ expected, typed }: { expected: string; typed: string }) {
  const segments = typeInDiff(expected, typed);
  const right = segments.every((segment) => segment.kind === 'ok');
  const nothingTyped = typed.trim() === '';
  const typedLine = segments.filter((segment) => segment.kind !== 'missing');
  const expectedLine = segments.filter((segment) => segment.kind !== 'extra');
  return (
    <div className={s.typeDiff} data-testid="type-in-diff">
      <p className={s.typeVerdict}>
        <FormattedMessage
          id={
            nothingTyped
              ? 'deckReview.typeIn.nothing'
              : right
                ? 'deckReview.typeIn.right'
                : 'deckReview.typeIn.wrong'
          }
        />
      </p>
      {nothingTyped ? null : <DiffLine segments={typedLine} />}
      {right && !nothingTyped ? null : (
        <>
          {nothingTyped ? null : (
            <span className={s.diffArrow} aria-hidden="true">
              ↓
            </span>
          )}
          <DiffLine segments={expectedLine} />
        </>
      )}
    </div>
  );
}

const MASK_CLASS: Record<OcclusionShape['state'], string> = {
  hidden: s.maskHidden,
  asked: s.maskAsked,
  revealed: s.maskRevealed,
};

function Mask({ shape }: { shape: OcclusionShape }) {
  const common = { className: MASK_CLASS[shape.state], 'data-mask': shape.state };
  if (shape.kind === 'rect') {
    return <rect {...common} x={shape.x} y={shape.y} width={shape.width} height={shape.height} />;
  }
  if (shape.kind === 'ellipse') {
    return <ellipse {...common} cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} />;
  }
  return <polygon {...common} points={shape.points.map((p) => p.join(',')).join(' ')} />;
}

/** The image with its masks stretched over it: the asked group highlighted, or outlined once answered. */
function Occlusion({
  segment,
  resolveMediaUrl,
}: {
  segment: Extract<SideSegment, { kind: 'occlusion' }>;
  resolveMediaUrl: ResolveMediaUrl;
}) {
  const intl = useIntl();
  const { url, pending } = useResolvedSrc(segment.image?.src, resolveMediaUrl);
  const revealed = segment.shapes.some((shape) => shape.state === 'revealed');
  return (
    <figure className={s.occlusion} data-occlusion-ordinal={segment.ordinal}>
      <div className={s.occlusionFrame}>
        {url ? (
          <img className={s.occlusionImage} src={url} alt={segment.image?.alt ?? ''} />
        ) : (
          <div className={s.occlusionPending} data-media-pending={pending ? '' : undefined} />
        )}
        <svg
          className={s.occlusionMasks}
          viewBox="0 0 1 1"
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {segment.shapes.map((shape, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the shapes of one fixed card, in order.
            <Mask key={index} shape={shape} />
          ))}
        </svg>
      </div>
      <figcaption className={s.live}>
        {intl.formatMessage({
          id: revealed ? 'deckReview.occlusion.revealed' : 'deckReview.occlusion.asked',
        })}
      </figcaption>
    </figure>
  );
}
