import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dark, light } from '@memoria/ui/tokens';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DUELS_URL, REVIEW_URL, webAppManifest } from '../../src/pwa/manifest.ts';

const PUBLIC = join(import.meta.dirname, '../../public');

describe('web app manifest', () => {
  it('takes its colours from the light theme tokens', () => {
    const manifest = webAppManifest('en');
    expect(manifest.theme_color).toBe(light.color.primary);
    expect(manifest.background_color).toBe(light.color.background);
    expect(manifest.theme_color).not.toBe(dark.color.primary);
  });

  it('is installable standalone from the root, with the fields browsers require', () => {
    const manifest = webAppManifest('en');
    expect(manifest).toMatchObject({
      name: 'Memoria',
      short_name: 'Memoria',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  it('names its shortcuts to Review and Duels in the learner language', () => {
    expect(webAppManifest('en').shortcuts).toMatchObject([
      { name: 'Review', url: REVIEW_URL },
      { name: 'Duels', url: DUELS_URL },
    ]);
    expect(webAppManifest('es').shortcuts.map((s) => s.name)).toEqual(['Repasar', 'Duelos']);
    expect(webAppManifest('es').lang).toBe('es');
  });

  it('lists 192 and 512 px icons and a maskable one, each a PNG of its stated size', async () => {
    const { icons } = webAppManifest('en');
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const file = join(PUBLIC, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const { width, height, format } = await sharp(file).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });
});
