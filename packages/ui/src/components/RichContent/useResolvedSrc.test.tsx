/** `useResolvedSrc`: asks the resolver while rendering, answers strings at once, promises once settled. */
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { type ResolveSrc, useResolvedSrc } from './useResolvedSrc.ts';

function Shown({ src, resolve }: { src: string | undefined; resolve: ResolveSrc }) {
  const { url } = useResolvedSrc(src, resolve);
  return <output>{url ?? 'pending'}</output>;
}

function Pending({ src, resolve }: { src: string | undefined; resolve: ResolveSrc }) {
  const { pending } = useResolvedSrc(src, resolve);
  return <output>{String(pending)}</output>;
}

describe('useResolvedSrc', () => {
  test('asks the resolver while rendering, before any effect runs', () => {
    // A server render runs no effect: a load started in one would not have started here.
    const resolve = vi.fn(() => new Promise<string>(() => {}));
    expect(renderToString(<Shown src="/media/a" resolve={resolve} />)).toContain('pending');
    expect(resolve).toHaveBeenCalledWith('/media/a');
  });

  test('a string answer is shown at once; a promise once it settles, and only for its own src', async () => {
    let settle = (_url: string) => {};
    const resolve = vi.fn((src: string) =>
      src === '/plain.png'
        ? src
        : new Promise<string>((done) => {
            settle = done;
          }),
    );
    const { rerender } = render(<Shown src="/plain.png" resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('/plain.png');

    rerender(<Shown src="/media/b" resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('pending');
    await act(async () => settle('blob:b'));
    expect(screen.getByRole('status').textContent).toBe('blob:b');
    expect(resolve).toHaveBeenCalledTimes(2);

    rerender(<Shown src={undefined} resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('pending');
  });

  test('is pending from the render that asks until the render that shows the answer or its failure', async () => {
    let settle = (_url: string) => {};
    let fail = (_error: Error) => {};
    const resolve = vi.fn((src: string) =>
      src === '/plain.png'
        ? src
        : new Promise<string>((done, reject) => {
            settle = done;
            fail = reject;
          }),
    );
    const { rerender } = render(<Pending src="/media/a" resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('true');
    await act(async () => settle('blob:a'));
    expect(screen.getByRole('status').textContent).toBe('false');

    rerender(<Pending src="/media/b" resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('true');
    await act(async () => fail(new Error('404')));
    expect(screen.getByRole('status').textContent).toBe('false');

    rerender(<Pending src="/plain.png" resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('false');
    rerender(<Pending src={undefined} resolve={resolve} />);
    expect(screen.getByRole('status').textContent).toBe('false');
  });
});
