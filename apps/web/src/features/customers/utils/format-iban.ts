/** An IBAN in groups of 4 characters, the way it is printed on paper: NL91 ABNA 0417 1643 00. */
export { formatIban } from '@portaal/contracts/bank-rules';
