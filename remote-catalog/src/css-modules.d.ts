// Rspack's CSS modules export each class as a named export (parser namedExports: true).
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export = classes;
}

// Images imported from code resolve to the URL Rspack emits for them.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
