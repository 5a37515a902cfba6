/** A field's hint under its input, so the inputs of a two-column form stay in line. */
export const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];
