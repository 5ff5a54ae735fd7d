/**
 * Self-hosted Inter (variable, wght 100–900) from @fontsource-variable/inter: the woff2 files are
 * bundled by Vite/Astro and served from our own origin (no CDN). Import once from the host's
 * entry (Astro layout frontmatter or a client entry): `import '@memoria/ui/theme/fonts.ts';`
 */
import '@fontsource-variable/inter';

export const FONT_FAMILY = 'Inter Variable';
