"""The native face renderer: draws faces whose HTML and CSS it understands straight into PDF content streams."""
