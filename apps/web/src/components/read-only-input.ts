import classes from './read-only-input.module.css';

/** Props that make a Mantine text input show a value read-only, at AA contrast. */
export const readOnlyInputProps = { readOnly: true, classNames: { input: classes.input } } as const;
