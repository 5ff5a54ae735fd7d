// The journeys' default window: a 1280×800 laptop, the width issue 40 found Friends unreachable
// at (the right panel shows only from 1285 px). A journey that needs another width says so.
export const LAPTOP_VIEWPORT = { width: 1280, height: 800 } as const;
