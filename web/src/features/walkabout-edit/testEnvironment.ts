/**
 * What jsdom lacks for this screen: document.fonts, which Mantine's autosizing textarea listens to
 * (the remarks box grows with its text). Imported by the walkabout edit tests only.
 */
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
