import { configure } from '@testing-library/react';

// waitFor waits for a state, never for a time; it gives up after 10 s rather than
// testing-library's 1 s, which a loaded 2-core CI machine overran (query.test.ts).
configure({ asyncUtilTimeout: 10_000 });
