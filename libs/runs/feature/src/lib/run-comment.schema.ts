import { zRunCommentInput } from '@terrace/api-client/schemas';
import { trimmed } from '@terrace/design-system';
import { z } from 'zod/mini';

// The comment box's check, in a module of its own: the run page loads it (and zod) at the user's
// first press or key (run-comments.tsx, lazySchema).
export const runCommentSchema = z.object({ text: trimmed(zRunCommentInput.shape.text) });
