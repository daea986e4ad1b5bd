import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AccountMenu from '@site/src/components/AccountMenu';

/** Docusaurus's navbar item types, plus the signed-in reader's account item. */
export default {
  ...ComponentTypes,
  'custom-account': AccountMenu,
};
