import { createContext, useContext } from 'react';

/**
 * Whether the console has a page at a path (no query). The app provides it from the route
 * table; a feature asks it before linking into another area, so a link never leads to a page
 * that is not built yet. Outside the app (component tests) every path counts as built.
 */
export const BuiltPages = createContext<(path: string) => boolean>(() => true);

export const useHasPage = () => useContext(BuiltPages);
