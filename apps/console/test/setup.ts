import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { mediaList } from './media';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Testing Library waits 1 s by default for findBy/waitFor: too short on a busy 2-CPU CI host, where
// a lazy chunk or a stubbed answer can take longer to render (the project's testTimeout is 30 s).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no PointerEvent: sliders are driven with pointer events carrying clientX.
if (typeof window !== 'undefined' && !('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) => mediaList(query, false);
}

// jsdom's Blob has no arrayBuffer(): read it through FileReader (spreadsheet imports need it).
if (typeof Blob !== 'undefined' && !Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const r = new FileReader();
      r.onload = () => resolve(r.result as ArrayBuffer);
      r.onerror = () => reject(r.error);
      r.readAsArrayBuffer(this);
    });
  };
}
