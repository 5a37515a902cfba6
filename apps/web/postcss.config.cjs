module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
        // The header switches to the burger menu below 900px.
        'header-breakpoint': '56.25em',
        // A signed-in customer's header holds two more menus and the account actions: the burger
        // menu serves it below 1152px; beside it the logo stands without the company name, and
        // the customer's name (truncated) shows from 1024px, only the initials below.
        'signed-in-header-breakpoint': '72em',
        'signed-in-name-breakpoint': '63.99em',
      },
    },
  },
};
