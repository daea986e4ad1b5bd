/** `import href from './x.css?url'`: the stylesheet's URL in the build (see docusaurus.config.ts). */
declare module '*.css?url' {
  const href: string;
  export default href;
}
