/**
 * The camera capture dialog (spec §1, §8): a `getUserMedia` preview, Capture draws the frame to a
 * canvas and hands a JPEG to the caller. Its errors are the spec's: access denied or not
 * available, error starting the preview, camera not ready, elements not found, error loading
 * the video stream.
 */
import { MAX_IMAGE_BYTES } from '@memoria/api';
import { Button, Dialog, Spinner } from '@memoria/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './decks.css.ts';
import { type AttachedFile, toAttachedFile } from './files.ts';

export type CameraError = 'denied' | 'preview' | 'notReady' | 'elements' | 'stream';

export const CAMERA_ERROR_IDS: Record<CameraError, string> = {
  denied: 'decks.camera.error.denied',
  preview: 'decks.camera.error.preview',
  notReady: 'decks.camera.error.notReady',
  elements: 'decks.camera.error.elements',
  stream: 'decks.camera.error.stream',
};

export type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

function defaultGetUserMedia(): GetUserMedia | undefined {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return devices?.getUserMedia ? (c) => devices.getUserMedia(c) : undefined;
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

export interface CameraCaptureDialogProps {
  /** Shown (and the camera started) when true. */
  open: boolean;
  /** Cancel, Escape or the close button; the camera is stopped. */
  onClose: () => void;
  /** The photo taken, as a JPEG under the server's 2 MiB limit. */
  onCapture: (file: AttachedFile) => void;
  /** The camera; defaults to `navigator.mediaDevices.getUserMedia` (stories pass their own). */
  getUserMedia?: GetUserMedia | undefined;
  /** Start in an error state (stories). */
  initialError?: CameraError;
}

/**
 * The camera dialog of card generation: a live preview of the device's camera, and Capture hands a
 * JPEG photo to the caller, which attaches it to the text to generate cards from. Part of
 * `DeckDetailIsland` (opened from `GenerateCards`).
 *
 * **Use it** to take a photo of notes or a book page for `GenerateCards`. **Don't use it** to pick
 * an existing image file (the file input of `GenerateCards`) or to record video.
 *
 * **API calls and states.** It makes no API call; the camera is the browser's `getUserMedia`. While
 * the camera starts, a spinner ("Starting the camera…"); then the preview and a hint. The spec's
 * camera errors replace the preview with their message, Retry and a disabled Capture: access denied
 * or no camera (`AccessDenied`), the preview failed to start (`PreviewError`), the video stream
 * failed (`StreamError`), the page's elements are missing (`ElementsNotFound`); a camera not ready
 * yet keeps Capture enabled (`NotReady`). The camera is stopped when the dialog closes.
 *
 * **Accessibility.** A modal `Dialog`: the page behind is inert, focus starts on Cancel, Escape and
 * Cancel close it and return focus to what opened it. The preview is a `<video>` named "Camera
 * preview"; an error is `role="alert"`, so it is announced, and the starting spinner is a status.
 * Capture, Retry and Cancel are labelled buttons.
 */
export function CameraCaptureDialog({
  open,
  onClose,
  onCapture,
  getUserMedia,
  initialError,
}: CameraCaptureDialogProps) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [error, setError] = useState<CameraError | null>(initialError ?? null);
  const [starting, setStarting] = useState(false);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setReady(false);
  }, []);

  const start = useCallback(async () => {
    stop();
    setError(null);
    const gum = getUserMedia ?? defaultGetUserMedia();
    if (!gum) {
      setError('denied');
      return;
    }
    setStarting(true);
    let stream: MediaStream;
    try {
      stream = await gum({ video: { facingMode: 'environment' }, audio: false });
    } catch (failure) {
      console.error('[camera] getUserMedia failed:', failure);
      setStarting(false);
      setError('denied');
      return;
    }
    streamRef.current = stream;
    const video = videoRef.current;
    if (!video) {
      stop();
      setStarting(false);
      setError('elements');
      return;
    }
    for (const track of stream.getVideoTracks()) {
      track.addEventListener('ended', () => setError('stream'));
    }
    video.srcObject = stream;
    try {
      await video.play();
    } catch (failure) {
      console.error('[camera] preview failed:', failure);
      setError('preview');
    } finally {
      setStarting(false);
    }
  }, [getUserMedia, stop]);

  useEffect(() => {
    if (!open || initialError) return;
    // The <video> is in the dialog's content, rendered in the same commit as `open`.
    void start();
    return stop;
  }, [open, initialError, start, stop]);

  const close = () => {
    stop();
    onClose();
  };

  const capture = async () => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas) {
      setError('elements');
      return;
    }
    if (video.readyState < 2 || video.videoWidth === 0 || video.videoHeight === 0) {
      setError('notReady');
      return;
    }
    setCapturing(true);
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) {
      setCapturing(false);
      setError('elements');
      return;
    }
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    let blob = await toBlob(canvas, 0.9);
    // Keep under the server's 2 MiB: lower the quality, then halve the size, until it fits.
    for (
      let quality = 0.75;
      blob && blob.size > MAX_IMAGE_BYTES && quality > 0.3;
      quality -= 0.15
    ) {
      blob = await toBlob(canvas, quality);
    }
    setCapturing(false);
    if (!blob) {
      setError('stream');
      return;
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = new File([blob], `camera-${stamp}.jpg`, { type: 'image/jpeg' });
    onCapture(await toAttachedFile(file, 'camera'));
    close();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={<FormattedMessage id="decks.camera.title" />}
      actions={
        <>
          <Button variant="text" onClick={close}>
            <FormattedMessage id="decks.action.cancel" />
          </Button>
          {error && error !== 'notReady' ? (
            <Button variant="secondary" onClick={() => void start()}>
              <FormattedMessage id="decks.action.retry" />
            </Button>
          ) : null}
          <Button
            onClick={capture}
            loading={capturing}
            disabled={error !== null && error !== 'notReady'}
          >
            <FormattedMessage id="decks.camera.capture" />
          </Button>
        </>
      }
    >
      <div className={s.form}>
        {error ? (
          <p role="alert" className={s.alert}>
            {intl.formatMessage({ id: CAMERA_ERROR_IDS[error] })}
          </p>
        ) : null}
        {starting ? <Spinner label={intl.formatMessage({ id: 'decks.camera.starting' })} /> : null}
        <video
          ref={videoRef}
          className={s.video}
          playsInline
          muted
          aria-label={intl.formatMessage({ id: 'decks.camera.preview' })}
          onLoadedData={() => {
            setReady(true);
            setError((current) => (current === 'notReady' ? null : current));
          }}
          onError={() => setError('stream')}
          hidden={error !== null && error !== 'notReady'}
        />
        <canvas ref={canvasRef} className={s.hidden} />
        {ready ? (
          <p className={s.note}>
            <FormattedMessage id="decks.camera.hint" />
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
