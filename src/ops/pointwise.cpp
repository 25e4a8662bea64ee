// (placeholder: filled by its family's work)
