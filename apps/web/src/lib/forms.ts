/** Spec section 5: every form validates on submit, then re-validates on change. Spread into useForm. */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
