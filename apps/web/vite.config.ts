import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Pretendard with `font-display: optional` (its stylesheet says swap): a page shows the font only
 * if it is at hand within the first ~100 ms, which it is once cached; on a first visit the page
 * keeps the phone's own Korean font instead of re-laying out all its text, and shifting it, when
 * a dozen subsets arrive one by one (docs/ARCHITECTURE.md "Storefront speed").
 */
const pretendardOptional: Plugin = {
  name: 'codiroom:pretendard-optional',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'asset' || !/pretendardvariable-dynamic-subset.*\.css$/.test(file.fileName)) continue;
      const css = String(file.source);
      if (!/font-display:\s*swap/.test(css)) throw new Error('Pretendard stylesheet: font-display not found');
      file.source = css.replace(/font-display:\s*swap/g, 'font-display:optional');
    }
  },
};

export default defineConfig({
  plugins: [pretendardOptional, reactRouter()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // All of the app's CSS (about 5 KB compressed) in one stylesheet: one render-blocking request
        // instead of one per component, which matters most on slow mobile networks.
        // The back office's CSS (its module and uPlot's) stays in a stylesheet of its own, loaded only
        // under /admin.
        manualChunks: (id) => {
          if (!/\.css($|\?(?!url))/.test(id) || id.includes('?url')) return undefined;
          return /\/app\/admin\/|\/node_modules\/uplot\//.test(id) ? 'admin-styles' : 'styles';
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
