/** Home screen: tabs and frame around the tutorial. */
export const home = {
  title: 'Home',
  tabsLabel: 'Workspace',
  tabs: {
    configure: 'Configure AutoML',
    results: 'Results',
  },
  welcome: 'Welcome, {name}',
  demoNotice: 'You are viewing the demo account. It is read-only: explore the results of existing jobs.',
} as const;
