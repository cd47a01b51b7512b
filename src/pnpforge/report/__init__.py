"""Reports: findings for the terminal and as JSON (validation reports come later)."""
