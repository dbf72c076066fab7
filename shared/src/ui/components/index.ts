/** Stride's UI kit: the pieces every remote builds its pages from. */
export { Avatar } from './Avatar';
export { Button } from './Button';
export { ConflictPanel, type ConflictRow } from './ConflictPanel';
export { CONFLICT_COPY } from './conflict-copy';
export { EmptyState } from './EmptyState';
export { ErrorNotice } from './ErrorNotice';
export { ProgressBar } from './ProgressBar';
export { SelectField } from './SelectField';
export { Skeleton } from './Skeleton';
export { TextAreaField, TextField } from './TextField';
