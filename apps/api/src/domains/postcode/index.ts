/**
 * The postcode domain's surface: the address search route (app.ts registers it) and the provider
 * seam tests use. Internals: provider.ts (the interface), juso.ts (행정안전부 도로명주소 API),
 * local.ts (the stand-in's fixed addresses), select.ts.
 */
export type { PostcodePage, PostcodeProvider } from './provider.ts';
export { postcodeRoutes } from './routes.ts';
export { postcodeProviderOf, setPostcodeProvider } from './select.ts';
