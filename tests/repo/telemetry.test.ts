import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AstroTelemetry } from '@astrojs/telemetry';
import { describe, expect, it } from 'vitest';
import storybookConfig from '../../.storybook/main.ts';
import { offlineEnv } from '../../scripts/offline-env.ts';

const root = join(import.meta.dirname, '../..');
// `isDisabled` is how Astro itself decides whether to send (private in its types).
const disabled = (telemetry: AstroTelemetry) =>
  (telemetry as unknown as { isDisabled: boolean }).isDisabled;

const scripts: Record<string, string> = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).scripts;

describe('no telemetry from an offline product', () => {
  it("Astro's own telemetry client reports itself disabled under the project's environment", () => {
    const saved = process.env;
    try {
      process.env = offlineEnv({ PATH: saved.PATH, HOME: saved.HOME });
      const telemetry = new AstroTelemetry({ astroVersion: '7.0.0', viteVersion: '8.0.0' });
      expect(disabled(telemetry)).toBe(true);
      // The same client without the project's setting would send data: the check can fail.
      process.env = { PATH: saved.PATH, HOME: saved.HOME };
      expect(disabled(new AstroTelemetry({ astroVersion: '7.0.0', viteVersion: '8.0.0' }))).toBe(
        false,
      );
    } finally {
      process.env = saved;
    }
  });

  it('every npm script that runs Astro goes through the offline wrapper', () => {
    for (const [name, command] of Object.entries(scripts)) {
      if (/(^|\s)astro\s/.test(command)) {
        throw new Error(`npm run ${name} calls astro directly: ${command}`);
      }
    }
    expect(scripts.dev).toBe('node scripts/astro.ts dev');
    expect(scripts.build).toBe('node scripts/astro.ts build');
    expect(readFileSync(join(root, 'scripts/build-if-stale.ts'), 'utf8')).toContain(
      "spawnSync(command, args, { cwd: root, stdio: 'inherit', env: buildEnv() })",
    );
  });

  it("Storybook's telemetry and update check are off", () => {
    expect((storybookConfig.core as { disableTelemetry?: boolean }).disableTelemetry).toBe(true);
    expect(scripts.storybook).toContain('--no-version-updates');
  });

  it("Astro's dev toolbar (whose menu fetches astro.build/api/v1/dev-overlay/) is off", async () => {
    // The config as Astro itself reads it: its own schema, so a misspelt key (dropped by the
    // schema) leaves the toolbar on and fails here. validate.js is not in astro's `exports`.
    const load = (file: string) => import(pathToFileURL(join(root, file)).href);
    const { validateConfig } = await load('node_modules/astro/dist/core/config/validate.js');
    const { default: astroConfig } = await load('astro.config.mjs');
    const resolved = (config: object) => validateConfig(config, root, 'dev');
    expect((await resolved(astroConfig)).devToolbar.enabled).toBe(false);
    // Without the project's setting Astro turns it on: the check can fail.
    const { devToolbar: _, ...withoutSetting } = astroConfig;
    expect((await resolved(withoutSetting)).devToolbar.enabled).toBe(true);
    // Loading Astro and the config's Vite plugins took 5.6 s on a loaded 2-core machine (Vitest's
    // default limit is 5 s): the limit guards against a hang, it measures nothing.
  }, 60_000);
});
