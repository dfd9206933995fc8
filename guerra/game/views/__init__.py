"""The HTTP side: thin views (lobby, accounts, play, attacks, the page parts and chats, reports,
how to play, error pages), their forms and the URLs.

Input is read one way: every POST (and a chat's refresh) through a form, the forms the pages
render in forms.py (with the fields every form uses), the small ones in inputs.py; a field reads
its value with text/parsing.py, and a query string's single value (a history's step, a bid
typed) is read by parsing.py's `number`. A value no page could send is refused with an Italian
message and a 400, and changes nothing; never a 500."""
