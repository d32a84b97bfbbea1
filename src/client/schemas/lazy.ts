import type * as z from 'zod/mini';
import { lazy as zodLazy } from 'zod/mini';

/**
 * Every answer's schema is built on first use: a command reads one or two kinds of answer,
 * and building all of them up front cost more start-up than reading one (zod's constructors).
 */
export const lazy = <T extends z.ZodMiniType>(build: () => T) => zodLazy(build);
