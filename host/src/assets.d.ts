// Fonts imported from code resolve to the URL Rspack emits for them (the same in both builds).
declare module '*.woff2' {
  const url: string;
  export default url;
}
