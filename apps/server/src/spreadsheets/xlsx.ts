/**
 * SheetJS, loaded on the first export or template: its ~2 MB of source and the objects it builds
 * at load stay out of an idle server's memory (docs/performance.md, memory and start).
 */
export const loadXlsx = () => import('@e965/xlsx');
