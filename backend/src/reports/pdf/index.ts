/** PDF reports: the document model report builders fill in, and the renderer that lays it out with pdf-lib. */
export * from './model';
export { PHOTO_UNAVAILABLE, renderBookletPdf, renderReportPdf, type RenderedBooklet, type RenderedPdf, type RenderOptions } from './render';
