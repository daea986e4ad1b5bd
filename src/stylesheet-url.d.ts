/**
 * `import href from 'amplify-ui.css?url'`: the URL of the sign-in page's stylesheet, which holds
 * Amplify UI's styles (see plugins/sign-in-shell/sign-in-app.ts).
 */
declare module '*.css?url' {
  const href: string;
  export default href;
}
