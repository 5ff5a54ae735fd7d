import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractProvider, traineddataFolder } from './tesseract.ts';
import { OcrError } from './types.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const ocr = createTesseractProvider();

afterAll(async () => {
  await ocr.close();
});

describe('tesseract OCR', () => {
  it('uses the English and Spanish traineddata installed from npm', () => {
    for (const lang of ['eng', 'spa'] as const) {
      expect(existsSync(path.join(traineddataFolder(lang), `${lang}.traineddata.gz`))).toBe(true);
      expect(traineddataFolder(lang)).toContain(`node_modules${path.sep}@tesseract.js-data`);
    }
  });

  it('reads English and Spanish text with one reused worker', async () => {
    const english = await ocr.recognize(fixture('notes.png'));
    expect(english).toContain('Photosynthesis - how plants make food');
    expect(english).toContain('Madrid: capital of Spain');
    const spanish = await ocr.recognize(fixture('spanish.png'));
    expect(spanish).toContain('Corazón: órgano que bombea sangre');
  }, 60_000);

  it('reports an undecodable image as unreadable, and keeps working', async () => {
    const error = await ocr
      .recognize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))
      .catch((e) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect(error.kind).toBe('unreadable');
    expect((await ocr.recognize(fixture('blank.png'))).trim()).toBe('');
  }, 60_000);

  it('refuses work once closed', async () => {
    const other = createTesseractProvider();
    await other.close();
    await expect(other.recognize(fixture('blank.png'))).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
